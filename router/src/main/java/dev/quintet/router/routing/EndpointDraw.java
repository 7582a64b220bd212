package dev.quintet.router.routing;

import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

/** The random numbers, uniform in [0, 1), behind the default price-weighted choice of endpoint. */
@FunctionalInterface
public interface EndpointDraw {

    double next();

    /** Fresh randomness for every request. */
    static EndpointDraw random() {
        return () -> ThreadLocalRandom.current().nextDouble();
    }

    /** A reproducible sequence: the same seed and the same requests give the same choices. */
    static EndpointDraw seeded(long seed) {
        Random random = new Random(seed);
        return random::nextDouble;
    }
}
