/**
 * The {@code stagedoor} command: {@code up} runs the whole pipeline on embedded servers; the other subcommands
 * run one part, or talk to a running one.
 */
package io.stagedoor.cli;
