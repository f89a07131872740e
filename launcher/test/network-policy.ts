/**
 * What a set of NetworkPolicy objects (networking.k8s.io/v1, as the API server stored them) admits,
 * by the API's rules: a pod selected by a policy of type Egress (Ingress) is isolated for that
 * direction and may send (take) only what one of those policies' rules allows; a connection needs
 * both the sender's egress and the receiver's ingress; a peer is a podSelector (the policy's
 * namespace), a namespaceSelector (with an optional podSelector) or an ipBlock; a port is a number
 * (with endPort) or a name resolved against the receiving pod's container ports, TCP by default.
 */
import { BlockList, isIPv4 } from 'node:net';

export interface LabelSelector {
  readonly matchLabels?: Record<string, string>;
  readonly matchExpressions?: readonly { key: string; operator: string; values?: readonly string[] }[];
}

interface PolicyPeer {
  readonly podSelector?: LabelSelector;
  readonly namespaceSelector?: LabelSelector;
  readonly ipBlock?: { cidr: string; except?: readonly string[] };
}
interface PolicyPort {
  readonly port?: number | string;
  readonly endPort?: number;
  readonly protocol?: string;
}
interface PolicyRule {
  readonly from?: readonly PolicyPeer[];
  readonly to?: readonly PolicyPeer[];
  readonly ports?: readonly PolicyPort[];
}
export interface NetworkPolicy {
  readonly metadata: { name: string; namespace: string };
  readonly spec: {
    podSelector: LabelSelector;
    policyTypes?: readonly string[];
    ingress?: readonly PolicyRule[];
    egress?: readonly PolicyRule[];
  };
}

export interface Endpoint {
  readonly name: string;
  /** absent for an address outside the cluster */
  readonly namespace?: string;
  readonly labels?: Record<string, string>;
  readonly ip: string;
  /** the container ports a pod declares (named ports resolve against them) */
  readonly ports?: readonly { name?: string; port: number; protocol: string }[];
}

export interface Connection {
  readonly from: Endpoint;
  readonly to: Endpoint;
  readonly port: number;
  readonly protocol: 'TCP' | 'UDP';
}

export const selects = (selector: LabelSelector, labels: Record<string, string> = {}): boolean =>
  Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
  (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    const present = Object.hasOwn(labels, key);
    switch (operator) {
      case 'In':
        return present && values.includes(labels[key] as string);
      case 'NotIn':
        return !present || !values.includes(labels[key] as string);
      case 'Exists':
        return present;
      case 'DoesNotExist':
        return !present;
      default:
        throw new Error(`unknown label selector operator ${operator}`);
    }
  });

const inBlock = (ip: string, block: { cidr: string; except?: readonly string[] }): boolean => {
  const list = (cidrs: readonly string[]) => {
    const blocks = new BlockList();
    for (const cidr of cidrs) {
      const [network, prefix] = cidr.split('/');
      blocks.addSubnet(network as string, Number(prefix), isIPv4(network as string) ? 'ipv4' : 'ipv6');
    }
    return blocks;
  };
  const family = isIPv4(ip) ? 'ipv4' : 'ipv6';
  return list([block.cidr]).check(ip, family) && !list(block.except ?? []).check(ip, family);
};

export class PolicySet {
  private readonly policies: readonly NetworkPolicy[];
  /** each namespace's labels, as the API server has them (kubernetes.io/metadata.name included) */
  private readonly namespaceLabels: Record<string, Record<string, string>>;

  constructor(policies: readonly NetworkPolicy[], namespaceLabels: Record<string, Record<string, string>>) {
    this.policies = policies;
    this.namespaceLabels = namespaceLabels;
  }

  private peerMatches(peer: PolicyPeer, policyNamespace: string, other: Endpoint): boolean {
    if (peer.ipBlock) return inBlock(other.ip, peer.ipBlock);
    if (other.namespace === undefined) return false;
    const namespaceOk = peer.namespaceSelector
      ? selects(peer.namespaceSelector, this.namespaceLabels[other.namespace])
      : other.namespace === policyNamespace;
    return namespaceOk && (peer.podSelector ? selects(peer.podSelector, other.labels) : true);
  }

  private static portMatches(rule: PolicyRule, connection: Connection): boolean {
    if (!rule.ports || rule.ports.length === 0) return true;
    return rule.ports.some(({ port, endPort, protocol = 'TCP' }) => {
      if (protocol !== connection.protocol) return false;
      if (port === undefined) return true;
      if (typeof port === 'number')
        return endPort ? connection.port >= port && connection.port <= endPort : connection.port === port;
      return (connection.to.ports ?? []).some(
        (declared) =>
          declared.name === port && declared.port === connection.port && declared.protocol === connection.protocol,
      );
    });
  }

  /** whether the policies of `pod`'s namespace let it send (egress) or take (ingress) this connection */
  private admits(direction: 'Ingress' | 'Egress', connection: Connection): boolean {
    const pod = direction === 'Egress' ? connection.from : connection.to;
    const peer = direction === 'Egress' ? connection.to : connection.from;
    if (pod.namespace === undefined) return true;
    const isolating = this.policies.filter(
      (policy) =>
        policy.metadata.namespace === pod.namespace &&
        (policy.spec.policyTypes ?? ['Ingress']).includes(direction) &&
        selects(policy.spec.podSelector, pod.labels),
    );
    if (isolating.length === 0) return true;
    return isolating.some((policy) =>
      ((direction === 'Egress' ? policy.spec.egress : policy.spec.ingress) ?? []).some((rule) => {
        const peers = direction === 'Egress' ? rule.to : rule.from;
        return (
          (!peers || peers.length === 0 || peers.some((p) => this.peerMatches(p, policy.metadata.namespace, peer))) &&
          PolicySet.portMatches(rule, connection)
        );
      }),
    );
  }

  allows(connection: Connection): boolean {
    return this.admits('Egress', connection) && this.admits('Ingress', connection);
  }
}

export const describeConnection = ({ from, to, port, protocol }: Connection): string =>
  `${from.name} -> ${to.name}:${port}/${protocol}`;
