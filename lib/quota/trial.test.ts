// Pure parts of the trial: an IPv6 client is counted by its /64.
import assert from "node:assert/strict";
import { test } from "node:test";
import { trialAddressKey } from "./trial";

test("IPv4 addresses are counted as they are", () => {
  assert.equal(trialAddressKey("203.0.113.7"), "203.0.113.7");
});

test("an IPv4 client seen as an IPv4-mapped IPv6 address is counted as that IPv4 address", () => {
  assert.equal(trialAddressKey("::ffff:203.0.113.7"), "203.0.113.7");
  assert.equal(trialAddressKey("::FFFF:127.0.0.1"), "127.0.0.1");
  assert.notEqual(trialAddressKey("::ffff:203.0.113.7"), trialAddressKey("::ffff:203.0.113.8"));
});

test("every address of one IPv6 /64 is one trial, written any way", () => {
  const key = trialAddressKey("2001:db8:abcd:12::1");
  assert.equal(key, "2001:db8:abcd:12::/64");
  for (const address of [
    "2001:db8:abcd:12:ffff:ffff:ffff:fffe",
    "2001:0db8:abcd:0012:0:0:0:42",
    "2001:DB8:ABCD:12::dead:beef",
    "2001:db8:abcd:12::1.2.3.4",
  ]) {
    assert.equal(trialAddressKey(address), key, address);
  }
});

test("neighbouring /64s and compressed prefixes stay apart", () => {
  assert.equal(trialAddressKey("2001:db8:abcd:13::1"), "2001:db8:abcd:13::/64");
  assert.equal(trialAddressKey("2001:db8::1"), "2001:db8:0:0::/64");
  assert.equal(trialAddressKey("::1"), "0:0:0:0::/64");
  assert.equal(trialAddressKey("fe80::1"), "fe80:0:0:0::/64");
});
