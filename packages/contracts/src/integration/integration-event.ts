import type { Static, TObject } from 'typebox';

/**
 * A public event one service publishes for others (an integration event): not a stored domain
 * event. Subject `events.<service>.<name>`; `data` is the payload's schema. The publisher maps its
 * own stored events to it (publishFromLog, with the stored event id as de-duplication id), so a
 * consumer may see one event twice and must handle it idempotently.
 */
export interface IntegrationEventContract<Data extends TObject = TObject> {
  readonly service: string;
  readonly name: string;
  /** `events.<service>.<name>` */
  readonly subject: string;
  readonly description: string;
  /** the services that consume it (documentation, checked by nothing) */
  readonly consumers: readonly string[];
  readonly data: Data;
}

export const defineIntegrationEvent = <Data extends TObject>(input: {
  service: string;
  name: string;
  description: string;
  consumers: readonly string[];
  data: Data;
}): IntegrationEventContract<Data> => ({ ...input, subject: `events.${input.service}.${input.name}` });

export type IntegrationEventData<C extends IntegrationEventContract> = Static<C['data']>;
