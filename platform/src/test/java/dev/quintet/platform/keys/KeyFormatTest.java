package dev.quintet.platform.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class KeyFormatTest {

    @Test
    void generatedKeysAreWellFormedAndDistinct() {
        Random random = new Random(7);
        String a = KeyFormat.generate(random);
        String b = KeyFormat.generate(random);
        assertThat(a).startsWith("qt_").hasSize(KeyFormat.LENGTH).matches("qt_[0-9A-Za-z]+");
        assertThat(KeyFormat.isWellFormed(a)).isTrue();
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void refusesLookAlikesWithoutTheRightChecksum() {
        String key = KeyFormat.generate(new Random(1));
        char last = key.charAt(key.length() - 1);
        assertThat(KeyFormat.isWellFormed(key.substring(0, key.length() - 1) + (last == 'a' ? 'b' : 'a'))).isFalse();
        char first = key.charAt(3);
        assertThat(KeyFormat.isWellFormed("qt_" + (first == 'a' ? 'b' : 'a') + key.substring(4))).isFalse();
        assertThat(KeyFormat.isWellFormed(key.substring(0, key.length() - 1))).isFalse();
        assertThat(KeyFormat.isWellFormed("sk_" + key.substring(3))).isFalse();
        assertThat(KeyFormat.isWellFormed(key.replace(key.charAt(10), '-'))).isFalse();
        assertThat(KeyFormat.isWellFormed(null)).isFalse();
    }

    @Test
    void storesOnlyA32ByteHashAndShowsPrefixAndLastFour() {
        String key = KeyFormat.generate(new Random(3));
        assertThat(KeyFormat.hash(key)).hasSize(32);
        assertThat(KeyFormat.displayPrefix(key)).isEqualTo(key.substring(0, 11));
        assertThat(KeyFormat.lastFour(key)).isEqualTo(key.substring(key.length() - 4));
    }

    @Test
    void hashIsTheKeysSha256EveryTimeOnEveryThread() throws Exception {
        List<String> keys = new ArrayList<>();
        Random random = new Random(5);
        for (int i = 0; i < 20; i++) {
            keys.add(KeyFormat.generate(random));
        }
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        List<byte[]> expected = keys.stream().map(k -> sha256.digest(k.getBytes(StandardCharsets.US_ASCII))).toList();
        List<Future<Integer>> results = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < 64; t++) {
                int offset = t;
                results.add(threads.submit(() -> {
                    int wrong = 0;
                    for (int i = 0; i < 500; i++) {
                        int k = (i + offset) % keys.size();
                        if (!MessageDigest.isEqual(KeyFormat.hash(keys.get(k)), expected.get(k))) {
                            wrong++;
                        }
                    }
                    return wrong;
                }));
            }
            for (Future<Integer> r : results) {
                assertThat(r.get()).isZero();
            }
        }
    }
}
