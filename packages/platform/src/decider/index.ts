export {
  DailyLimitError,
  type DailyQuota,
  type DailyQuotaCommand,
  type DailyQuotaEvent,
  dailyQuotaDecider,
  dailyQuotaStream,
  useDailyQuota,
  utcDayOf,
} from './daily-quota.ts';
export {
  type CommandResult,
  type Decider,
  type DomainEvent,
  type FoldedStream,
  foldStream,
  type HandleCommandOptions,
  handleCommand,
  type KeptFold,
} from './decider.ts';
