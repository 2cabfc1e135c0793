/**
 * One configuration for every part: each setting has a key, a description and its default taken from the code,
 * and is overridden by a properties file, then {@code STAGEDOOR_*} environment variables, then flags.
 */
package io.stagedoor.config;
