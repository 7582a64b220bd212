package dev.quintet.router.generations;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class GenerationIdsTest {

    private static final Clock CLOCK = Clock.fixed(Instant.ofEpochSecond(1_795_800_000L), ZoneOffset.UTC);

    @Test
    void idsAreWellFormedAndDistinct() {
        GenerationIds ids = new GenerationIds(new SplittableRandom(7), CLOCK);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = ids.next();
            assertThat(GenerationIds.wellFormed(id)).as(id).isTrue();
            assertThat(id).startsWith("gen-1795800000-");
            seen.add(id);
        }
        assertThat(seen).hasSize(10_000);
    }

    @Test
    void everyCharacterIsAboutEquallyLikely() {
        GenerationIds ids = new GenerationIds(new SplittableRandom(11), CLOCK);
        Map<Character, Integer> counts = new HashMap<>();
        for (int i = 0; i < 6_200; i++) { // 124,000 characters: 2,000 of each of 62 when uniform
            String id = ids.next();
            for (char c : id.substring(id.lastIndexOf('-') + 1).toCharArray()) {
                counts.merge(c, 1, Integer::sum);
            }
        }
        assertThat(counts).hasSize(62);
        assertThat(counts.values()).allSatisfy(n -> assertThat(n).isBetween(1_750, 2_250));
    }

    @Test
    void bytesBeyondTheAlphabetArePassedOverAndMoreAreDrawn() {
        // every draw: 62 and 63 (past the alphabet) in the low six bits, then 0 ('0') and 61 ('z') alternating
        RandomGenerator skewed = new RandomGenerator() {
            @Override
            public long nextLong() {
                throw new UnsupportedOperationException();
            }

            @Override
            public void nextBytes(byte[] bytes) {
                bytes[0] = 62;
                bytes[1] = (byte) 0xFF;
                for (int i = 2; i < bytes.length; i++) {
                    bytes[i] = (byte) (i % 2 == 0 ? 0x40 : 61);
                }
            }
        };

        String id = new GenerationIds(skewed, CLOCK).next();

        assertThat(id).isEqualTo("gen-1795800000-0z0z0z0z0z0z0z0z0z0z");
    }
}
