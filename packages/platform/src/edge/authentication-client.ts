import {
  AUTHENTICATE_SUBJECT,
  AuthenticateReply,
  type AuthenticateRequest,
  type ProtectedResource,
  type Scope,
} from '@listings/contracts';
import type { Bus } from '../bus/bus.ts';
import { NoResponderError, RequestTimeoutError } from '../bus/bus.ts';
import { ServiceUnavailableError } from '../errors.ts';
import { checkValue } from '../validation.ts';

export interface AuthenticationClient {
  /**
   * Who the `Authorization` header belongs to, for a call to `resource` that needs `requiredScope`
   * (null: a public operation). A refusal carries the status, problem and `WWW-Authenticate` value
   * to answer with. Throws ServiceUnavailableError when the identity module does not answer.
   */
  authenticate(input: {
    authorization: string | null | undefined;
    resource: ProtectedResource;
    requiredScope: Scope | null;
  }): Promise<AuthenticateReply>;
}

/** Calls `gateway.internal.authenticate` over the bus (the MCP gateway's way in cluster mode). */
export const createAuthenticationClient = (bus: Bus, options: { timeoutMs?: number } = {}): AuthenticationClient => ({
  authenticate: async ({ authorization, resource, requiredScope }) => {
    const request: AuthenticateRequest = {
      authorization: authorization ?? null,
      resource,
      required_scope: requiredScope,
    };
    let reply: unknown;
    try {
      reply = await bus.request(AUTHENTICATE_SUBJECT, request, { timeoutMs: options.timeoutMs ?? 5_000 });
    } catch (error) {
      if (error instanceof NoResponderError || error instanceof RequestTimeoutError)
        throw new ServiceUnavailableError('the identity service did not answer');
      throw error;
    }
    if (checkValue(AuthenticateReply, reply).length > 0)
      throw new ServiceUnavailableError('the identity service sent a malformed answer');
    return reply as AuthenticateReply;
  },
});
