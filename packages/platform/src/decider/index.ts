export {
  type CommandResult,
  type Decider,
  type DomainEvent,
  foldStream,
  type HandleCommandOptions,
  handleCommand,
} from './decider.ts';
