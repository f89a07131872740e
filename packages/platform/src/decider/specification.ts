import { expect } from 'vitest';
import type { Decider, DomainEvent } from './decider.ts';

/**
 * Decider specifications read as given / when / then:
 *   spec.given([...events]).when(command).then([...events])
 *   spec.given([...events]).when(command).thenThrows(ConflictError, /not ready/)
 * Test-only (imports vitest).
 */
export const deciderSpec = <Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>) => ({
  given: (events: readonly Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState));
      return {
        // biome-ignore lint/suspicious/noThenProperty: the given/when/then vocabulary, not a thenable
        then: (expected: readonly Event[]) => expect(run()).toEqual(expected),
        thenThrows: (errorClass: new (...args: never[]) => Error, message?: RegExp | string) => {
          expect(run).toThrow(errorClass);
          if (message !== undefined) expect(run).toThrow(message);
        },
      };
    },
  }),
});
