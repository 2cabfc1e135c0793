package io.stagedoor.admission;

/**
 * Thrown when a request asks a bucket for more tokens than it can ever hold. Such a request can never be
 * admitted, so it is bad input, not a refusal: there is no Retry-After that would be true.
 */
public final class CostExceedsCapacity extends IllegalArgumentException {

    private final long cost;
    private final long capacity;

    public CostExceedsCapacity(String key, long cost, long capacity) {
        super(AdmissionMessages.costExceedsCapacity(key, cost, capacity));
        this.cost = cost;
        this.capacity = capacity;
    }

    public long cost() {
        return cost;
    }

    public long capacity() {
        return capacity;
    }
}
