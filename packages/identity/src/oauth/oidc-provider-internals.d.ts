// oidc-provider keeps each instance's state (its router among it) behind this reader; it ships no
// types for its internals
declare module 'oidc-provider/lib/helpers/weak_cache.js' {
  const internalsOf: (provider: object) => unknown;
  export default internalsOf;
}
