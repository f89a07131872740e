import type { Decider } from '@listings/platform/decider';
import { isbot } from 'isbot';
import { type ClickEvent, evolveVisitorClicks, initialVisitorClicks, type VisitorClicks } from './outbound-clicks.ts';

export type ClickCommand = {
  type: 'RecordClick';
  data: { listing_id: number; user_agent: string | null; now: string };
};

/** a bot (isbot's list), or a request that names no user agent at all */
export const isBot = (userAgent: string | null): boolean => !userAgent?.trim() || isbot(userAgent);

/** one visitor's day on one listing: the first click counts, later ones and bots' count nothing */
export const decideClick = (command: ClickCommand, state: VisitorClicks): ClickEvent[] => {
  const { listing_id, user_agent, now } = command.data;
  if (state.clicked || isBot(user_agent)) return [];
  return [{ type: 'OutboundClicked', data: { listing_id, at: now } }];
};

export const clickDecider: Decider<ClickCommand, VisitorClicks, ClickEvent> = {
  initialState: initialVisitorClicks,
  evolve: evolveVisitorClicks,
  decide: decideClick,
};
