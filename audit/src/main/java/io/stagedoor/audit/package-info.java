/**
 * The audit ({@code stagedoor audit}) proves from a window of the topics that every promise held. The root holds what
 * every package below shares: the options of a run, its window, time arguments, progress line and messages.
 */
package io.stagedoor.audit;
