export { addressRefusal, isPublicAddress } from './address-policy.ts';
export {
  createSafeFetch,
  type HostLookup,
  OutboundRequestFailed,
  OutboundRequestRefused,
  type ResolvedAddress,
  type SafeFetch,
  type SafeFetchInit,
  type SafeFetchOptions,
  systemLookup,
} from './safe-fetch.ts';
