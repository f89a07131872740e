import ipaddr from 'ipaddr.js';

/**
 * Which resolved addresses an outbound request may connect to. Only globally routable unicast
 * addresses pass: loopback, private (RFC 1918, unique local), link-local (and with it the cloud
 * metadata address 169.254.169.254), carrier-grade NAT (100.64/10, which holds other clouds'
 * metadata addresses), multicast, broadcast, unspecified, documentation/benchmarking/reserved
 * ranges and the IPv6 transition ranges that can embed any IPv4 address (NAT64, 6to4, Teredo) are
 * refused. IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
 */
export const addressRefusal = (address: string): string | null => {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' ? null : `${address} is in a ${range} range`;
};

export const isPublicAddress = (address: string): boolean => addressRefusal(address) === null;
