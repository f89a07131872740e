import Type, { type TProperties } from 'typebox';

/** Field schemas the event modules share. Event data is closed: an unknown field fails the append check. */
export const data = <P extends TProperties>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

/** when it happened: ISO-8601 UTC time taken from the service's clock when the command ran */
export const At = Type.String({ description: 'when it happened (ISO-8601 UTC)' });
export const ListingId = Type.Integer({ minimum: 1, description: "the listing's id (catalog)" });
export const AccountId = Type.String({ description: 'an account id (identity): the person who acted' });
export const IsoDay = Type.String({ description: 'a calendar day, YYYY-MM-DD' });
export const WeekStart = Type.String({ description: 'a launch week, by its Monday (YYYY-MM-DD, UTC)' });
export const Cents = Type.Integer({ description: 'USD cents' });
