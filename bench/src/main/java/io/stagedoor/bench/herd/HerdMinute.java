package io.stagedoor.bench.herd;

/**
 * One simulated minute, as rates per second where it says so.
 *
 * @param minute            the minute since the opening, from 0
 * @param joinsPerSecond    buyers who joined
 * @param humanPolls        polls per second by buyers who ask when told
 * @param botPolls          polls per second by bots
 * @param reserves          reserve calls per second (joins' batches)
 * @param snapshots         snapshot calls per second (instances' views)
 * @param claims            claim calls per second (reached buyers asking to be admitted)
 * @param others            every other store call per second (session ends, stored tickets)
 * @param redisCommands     commands Redis ran per second, scripts' own included; -1 without Redis
 * @param redisBusy         the share of one Redis core its scripts took (the shard's capacity used); -1 without
 * @param redisBytes        Redis's used memory at the minute's end; -1 without
 * @param waiting           buyers waiting at the minute's end
 * @param admittedPerSecond buyers admitted
 * @param meanEstimate      mean wait, in seconds, those admitted in the minute were told when they joined
 * @param meanActual        mean wait, in seconds, they had
 * @param spreadP99         the 99th percentile of how far a buyer's admission rank was from their arrival rank
 */
record HerdMinute(int minute, double joinsPerSecond, double humanPolls, double botPolls, double reserves,
                  double snapshots, double claims, double others, double redisCommands, double redisBusy,
                  long redisBytes, long waiting, double admittedPerSecond, double meanEstimate, double meanActual,
                  long spreadP99) {
}
