package io.stagedoor.admission.waitingroom;

/**
 * The waiting-room script: every operation on an event's room in one call, so two instances joining buyers in the
 * same millisecond can never hand out one position twice, nor admit one ticket twice.
 *
 * <p>KEYS: room hash, buyers hash (buyer → ticket), tickets hash (ticket → "position|joined|estimate|admitted|buyer",
 * position 0 while the buyer is in the lobby), lobby sorted set (buyers who joined before the opening, scored by
 * {@link ShuffleOrder#score}), active sorted set (admitted buyers whose session is on, scored by when it ends). All
 * five share one hash tag. ARGV: operation, now, opensAt, initial rate, seed, ttl millis, the operation's own two
 * arguments, the charge: places the instances' own queues admitted since their last charge, which the shared queue
 * repays out of its own growth ({@link RoomCall#charge()}), then the cap on active buyers (0 for none), the
 * session's lifetime, the queueing method ({@link QueueingMethod#text()}) and the draw window in milliseconds (0 for
 * none); a {@code claim} adds the claimed place, when its holder joined and the estimate they were told
 * ({@link RoomClaim}). Signed tickets
 * ({@link SignedTicket}) are kept nowhere while they wait: {@code reserve} only counts them ({@code seq} after the
 * opening, {@code signed} before it, which the opening adds to the lobby's size), and {@code claim} stores a ticket
 * only when it admits it. The keys' expiry is renewed when a call writes a key it may have created, else once a
 * minute, so a room called often costs five commands a call. In a random room the lobby set is the
 * lottery: every joiner draws a score from the seed, and a waiting buyer's place is the number drawn so far plus
 * their rank among those still in it; the admitted leave it and keep the place they drew. A buyer who joins again
 * after their session ended does not draw again (the draw is fixed per buyer, and a good one would put them back at
 * the front every time): they go behind every draw still in the lottery, as a FIFO room puts them behind everyone
 * who joined. A random room with signed tickets keeps no lottery set: arrivals after the opening are drawn per
 * window (decision 0029). The first reserve after the opening opens a window at the next place; a call once the
 * window's time is up closes it, keeps its count under its first place ({@code w<start>}) and opens the next; the
 * frontier never passes into the open window, so a place is only reached once its draw is fixed. The reply layout
 * is {@link RedisRoomStore#parse}'s; the {@code session} and {@code drawn} operations read only and answer one
 * number ({@link RedisRoomStore#session}, {@link RedisRoomStore#drawn}).
 *
 * <p>Checking the cap and taking the slot happen in the one call, so two instances admitting the last free slot
 * in the same millisecond can never both take it.
 */
final class RoomScript {

    static final String BODY = """
            local room, buyers, tickets, lobby, active = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
            local op, now = ARGV[1], tonumber(ARGV[2])
            if op == 'session' then
              -- Reads only: 1 active, 2 ended, 0 unknown (no admission of this buyer on this ticket).
              local buyer, ticket = ARGV[7], ARGV[8]
              local record = redis.call('HGET', tickets, ticket)
              if not record then return 0 end
              local adm, owner = string.match(record, '^%d+|%d+|%-?%d+|(%d+)|(.*)$')
              if owner ~= buyer or adm == '0' then return 0 end
              -- A ticket the buyer has since replaced by queueing again ended with its session.
              if redis.call('HGET', buyers, buyer) ~= ticket then return 2 end
              local ends = redis.call('ZSCORE', active, buyer)
              if ends and tonumber(ends) > now then return 1 end
              return 2
            end
            if op == 'drawn' then
              -- Reads only: how many places the draw starting at ARGV[7] holds; 0 while it is open or unknown.
              return tonumber(redis.call('HGET', room, 'w' .. ARGV[7]) or '0')
            end
            local opensAt, ttl = tonumber(ARGV[3]), tonumber(ARGV[6])
            local cap, session, method = tonumber(ARGV[10]), tonumber(ARGV[11]), ARGV[12]
            local random, passthrough = method == 'random', method == 'passthrough'
            local draws = tonumber(ARGV[13])
            local s = redis.call('HMGET', room, 'rate', 'paused', 'opened', 'seed', 'lobby', 'seq', 'frontier',
                'last', 'admitted', 'actual', 'estimated', 'owed', 'drawn', 'signed', 'touched', 'wstart', 'wopen')
            -- A new room starts with the caller's rate and seed; later calls never overwrite them.
            if not s[1] then s[1] = ARGV[4] end
            if not s[4] then s[4] = ARGV[5] end
            local rate, paused, opened, seed = tonumber(s[1]), s[2] == '1', s[3] == '1', s[4]
            local lobbySize, seq = tonumber(s[5] or '0'), tonumber(s[6] or '0')
            local frontier, last = tonumber(s[7] or '0'), tonumber(s[8] or '0')
            local admitted, actual, estimated = tonumber(s[9] or '0'), tonumber(s[10] or '0'), tonumber(s[11] or '0')
            -- Places admitted by own queues are owed before the shared queue grows again.
            local owed = tonumber(s[12] or '0') + tonumber(ARGV[9])
            -- Random rooms: buyers drawn from the lottery so far (the lobby set holds those still in it).
            local drawn = tonumber(s[13] or '0')
            -- Signed tickets given out before the opening: they hold no entry anywhere, only this count.
            local signed = tonumber(s[14] or '0')
            -- Random rooms with signed tickets: arrivals after the opening are drawn per window of 'draws' ms. The
            -- open window's places start at wstart (0: no window yet) and it opened at wopen.
            local wstart, wopen = tonumber(s[16] or '0'), tonumber(s[17] or '0')
            -- The window this call closed, if any: its first place and count, for the audit's record of the draw.
            local drewStart, drewCount = 0, 0
            local reserved = 0
            -- Whether this call wrote a key it may have created: such a key gets its expiry at once.
            local wrote = false
            local openedNow = 0
            if not opened and now >= opensAt then
              opened, openedNow = true, 1
              lobbySize = redis.call('ZCARD', lobby) + signed
              seq, frontier, last = lobbySize, 0, opensAt
            end
            -- Sessions end by lifetime, or by this operation; 'before' is how many were active until now.
            local before = redis.call('ZCARD', active)
            local ended = redis.call('ZREMRANGEBYSCORE', active, '-inf', now)
            local endedNow = 0
            if op == 'end' then
              endedNow = redis.call('ZREM', active, ARGV[7])
              ended = ended + endedNow
            end
            local inUse = before - ended
            -- A window whose time is up closes: its count is kept under its first place, and its places are drawn.
            if random and draws > 0 and opened and wstart > 0 and now >= wopen + draws then
              if seq >= wstart then
                drewStart, drewCount = wstart, seq - wstart + 1
                redis.call('HSET', room, 'w' .. wstart, string.format('%d', drewCount))
              end
              wstart, wopen = seq + 1, now
            end
            -- The frontier never passes into a window not drawn yet.
            local reach = seq
            if wstart > 0 then reach = math.min(seq, wstart - 1) end
            -- Elapsed time is never negative: a caller whose clock runs behind moves nothing.
            if opened and now > last then
              -- While every slot is taken the frontier stands: reached buyers could not enter anyway, and a
              -- frontier that ran on would let a crowd in the moment slots free.
              if not paused and (cap == 0 or before < cap) then
                local grown = rate * (now - last) / 1000
                local repaid = math.min(owed, grown)
                owed = owed - repaid
                frontier = math.min(reach, frontier + grown - repaid)
              end
              last = now
            end
            -- Slots that free while the room is full go to the next in line at once, not at the rate.
            local jumped = 0
            if opened and not paused and cap > 0 and before >= cap and ended > 0 then
              jumped = math.max(0, cap - inUse)
              frontier = math.min(reach, frontier + jumped)
            end
            if op == 'control' then
              if ARGV[7] ~= '' then rate = tonumber(ARGV[7]) end
              if ARGV[8] ~= '' then paused = ARGV[8] == '1' end
            end

            local function live(buyer)
              local ends = redis.call('ZSCORE', active, buyer)
              return ends and tonumber(ends) > now
            end
            local t = {'', '', 0, 0, 0, 0, 0, 0, 0, 0}
            local function standing(ticket, record, created, expected)
              local pos, joined, est, adm, buyer = string.match(record, '^(%d+)|(%d+)|(%-?%d+)|(%d+)|(.*)$')
              if buyer ~= expected then return end
              pos, joined, est, adm = tonumber(pos), tonumber(joined), tonumber(est), tonumber(adm)
              local place = pos
              if pos == 0 then
                place = redis.call('ZRANK', lobby, buyer) + 1
                if random and adm == 0 then place = drawn + place end
              end
              local first, on, awaiting = 0, 0, 0
              if adm == 0 and opened and (place <= frontier or passthrough) then
                if cap == 0 or inUse < cap then
                  -- The first admission creates the ticket keys, and an empty active set is a key no more.
                  if inUse == 0 or admitted == 0 then wrote = true end
                  adm, first, on = now, 1, 1
                  inUse = inUse + 1
                  admitted, actual, estimated = admitted + 1, actual + (now - joined), estimated + est
                  if random and pos == 0 then
                    -- Drawn: out of the lottery, at the place it drew.
                    redis.call('ZREM', lobby, buyer)
                    drawn, pos = drawn + 1, place
                  end
                  redis.call('HSET', tickets, ticket, string.format('%d|%d|%d|%d|%s', pos, joined, est, adm, buyer))
                  redis.call('HSET', buyers, buyer, ticket)
                  redis.call('ZADD', active, adm + session, buyer)
                else
                  awaiting = 1
                end
              elseif adm > 0 and live(buyer) then
                on = 1
              end
              t = {ticket, buyer, place, joined, est, adm, first, created, on, awaiting}
            end

            if op == 'join' then
              local buyer, ticket = ARGV[7], ARGV[8]
              local existing = redis.call('HGET', buyers, buyer)
              local returning = false
              -- A buyer whose session ended may queue again, at the back: one ticket and one slot at a time.
              if existing then
                local record = redis.call('HGET', tickets, existing)
                if string.match(record, '^%d+|%d+|%-?%d+|(%d+)|') ~= '0' and not live(buyer) then
                  existing, returning = nil, true
                end
              end
              if existing then
                standing(existing, redis.call('HGET', tickets, existing), 0, buyer)
              else
                local pos, est = 0, 0
                if opened and not random then
                  seq = seq + 1
                  pos = seq
                  est = math.ceil(math.max(0, pos - frontier + owed) * 1000 / rate)
                else
                  -- Before the opening, and in a random room always: a place drawn from the recorded seed.
                  local score = tonumber(string.sub(redis.sha1hex(seed .. ':' .. buyer), 1, 13), 16)
                  if returning then
                    -- Back after their session ended: the draw is fixed per buyer, so it would put them back ahead
                    -- of those still waiting; they go behind every draw still in the lottery instead.
                    local last = redis.call('ZRANGE', lobby, -1, -1, 'WITHSCORES')
                    if last[2] and tonumber(last[2]) >= score then score = tonumber(last[2]) + 1 end
                  end
                  redis.call('ZADD', lobby, score, buyer)
                  if opened then
                    seq = seq + 1
                    local place = drawn + redis.call('ZRANK', lobby, buyer) + 1
                    est = math.ceil(math.max(0, place - frontier + owed) * 1000 / rate)
                  else
                    est = (opensAt - now) + math.ceil(redis.call('ZCARD', lobby) * 1000 / rate)
                  end
                end
                redis.call('HSET', buyers, buyer, ticket)
                wrote = true
                local record = string.format('%d|%d|%d|%d|%s', pos, now, est, 0, buyer)
                redis.call('HSET', tickets, ticket, record)
                standing(ticket, record, 1, buyer)
              end
            elseif op == 'look' then
              local buyer, ticket = ARGV[7], ARGV[8]
              local record = redis.call('HGET', tickets, ticket)
              if record then standing(ticket, record, 0, buyer) end
            elseif op == 'reserve' then
              -- Places for signed tickets: counted, never listed.
              local places = tonumber(ARGV[7])
              if opened then
                -- The first reserve of a random room after its opening opens its first window.
                if random and draws > 0 and wstart == 0 then wstart, wopen = seq + 1, now end
                reserved, seq = seq + 1, seq + places
              else
                reserved, signed = signed + 1, signed + places
              end
            elseif op == 'claim' then
              -- A signed ticket whose place is reached: kept only if this call admits it.
              local buyer, ticket = ARGV[7], ARGV[8]
              local place, joined, est = tonumber(ARGV[14]), tonumber(ARGV[15]), tonumber(ARGV[16])
              local record = redis.call('HGET', tickets, ticket)
              if record then
                standing(ticket, record, 0, buyer)
              else
                local existing, kept = redis.call('HGET', buyers, buyer), false
                if existing then
                  local held = redis.call('HGET', tickets, existing)
                  local adm = tonumber(string.match(held, '^%d+|%d+|%-?%d+|(%d+)|'))
                  -- One slot at a time; a stored ticket still waiting stands; a ticket joined before the buyer's
                  -- last admission was spent by it.
                  if adm == 0 or live(buyer) or joined <= adm then
                    kept = true
                    standing(existing, held, 0, buyer)
                  end
                end
                if not kept then
                  standing(ticket, string.format('%d|%d|%d|%d|%s', place, joined, est, 0, buyer), 0, buyer)
                end
              end
            end

            -- A passthrough room admits everyone who has joined.
            if passthrough and opened then frontier = seq end
            redis.call('HSET', room, 'rate', string.format('%.17g', rate), 'paused', paused and '1' or '0',
                'opened', opened and '1' or '0', 'lobby', string.format('%d', lobbySize),
                'seq', string.format('%d', seq), 'frontier', string.format('%.17g', frontier),
                'last', string.format('%d', last), 'admitted', string.format('%d', admitted),
                'actual', string.format('%d', actual), 'estimated', string.format('%d', estimated),
                'owed', string.format('%.17g', owed), 'drawn', string.format('%d', drawn),
                'signed', string.format('%d', signed), 'seed', seed, 'wstart', string.format('%d', wstart),
                'wopen', string.format('%d', wopen))
            -- The keys outlive the room's last call by the ttl, give or take the minute between renewals.
            if wrote or now - tonumber(s[15] or '0') >= 60000 then
              redis.call('HSET', room, 'touched', string.format('%d', now))
              for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, ttl) end
            end
            return {t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10],
                    string.format('%.17g', rate), paused and 1 or 0, opened and 1 or 0, openedNow, seed, lobbySize, seq,
                    string.format('%.17g', frontier), admitted, actual, estimated, string.format('%.17g', owed),
                    inUse, endedNow, jumped, math.max(last, now), reserved, wstart,
                    drewStart, drewCount}
            """;

    private RoomScript() {
    }
}
