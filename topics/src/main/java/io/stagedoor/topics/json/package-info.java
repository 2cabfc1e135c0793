/**
 * JSON for the records on the topics: one shared mapper and a Kafka serde per record type. Readers ignore
 * fields they do not know, so a newer writer never breaks an older reader.
 */
package io.stagedoor.topics.json;
