/**
 * The service's own addresses, which a content URL must not reach (unless loopback is allowed):
 * the service listens on every interface, so any address of the host reaches it and every sidecar
 * that listens as widely, private or not. The interfaces are read when the check is made, at start
 * (where a missing permission stops the start rather than every fetch) and again on every check,
 * so an address added or moved later (DHCP, a container network joined) is known at once.
 */
import { addressKey } from "./ip_ranges.ts";

/** One interface address, as `Deno.networkInterfaces()` lists it. */
export interface InterfaceAddress {
  address: string;
}

/** True when the address is one of this host's own. */
export type OwnAddressCheck = (address: string) => boolean;

/** Builds the check over `interfaces` (default: the host's). */
export function ownAddressCheck(
  interfaces: () => InterfaceAddress[] = () => Deno.networkInterfaces(),
): OwnAddressCheck {
  const current = () => {
    const keys = new Set<string>();
    for (const { address } of interfaces()) {
      // A zone (`fe80::1%eth0`) is not part of the address.
      const key = addressKey(address.replace(/%.*$/, ""));
      if (key !== null) keys.add(key);
    }
    return keys;
  };
  current();
  return (address) => {
    const key = addressKey(address.replace(/^\[(.*)\]$/, "$1"));
    return key !== null && current().has(key);
  };
}
