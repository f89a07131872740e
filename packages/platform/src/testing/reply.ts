/**
 * An operation's reply as tests read it: the body is read freely, and what it must hold is said by
 * the assertions that follow, so one loose type here stands for all the tests.
 */
// biome-ignore lint/suspicious/noExplicitAny: test replies are read freely and checked by assertions
export type Reply = { status: number; body?: any; problem?: any };
