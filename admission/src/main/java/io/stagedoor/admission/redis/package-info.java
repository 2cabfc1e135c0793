/**
 * The one way to Redis: a {@link io.stagedoor.admission.redis.RedisAccess} made once per process from a
 * {@link io.stagedoor.admission.redis.RedisEndpoint} (single node, TLS, ACL user, Sentinel or Cluster), with one
 * client, one set of fast-fail options and one outage policy for every user.
 */
package io.stagedoor.admission.redis;
