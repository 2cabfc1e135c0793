/**
 * {@code stagedoor demo}: a scripted on-sale driven through the Java client over real HTTP (a crowd through the
 * waiting room, a hoarding script, an office behind one address, a Redis outage, scanner phones), then its report
 * and the audit of its window.
 */
package io.stagedoor.harness.demo;
