/**
 * The herd over HTTP: distinct buyers join a paused waiting room through nginx and two ingress processes sharing one
 * Redis, poll when told, and are admitted on resume; then joins and admitted holds at saturation; Redis commands,
 * memory and latency by phase ({@code bench/run herd-http}).
 */
package io.stagedoor.bench.herd.http;
