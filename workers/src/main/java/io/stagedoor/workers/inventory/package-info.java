/**
 * The seat inventory: one Kafka Streams task per event partition holds, expires, pins and sells seats with
 * exactly-once processing, so no seat is ever held or sold twice and each request gets one result.
 */
package io.stagedoor.workers.inventory;
