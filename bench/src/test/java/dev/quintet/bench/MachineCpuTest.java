package dev.quintet.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The machine's CPU time from the kernel's own counters, where it has them. */
class MachineCpuTest {

    @Test
    void countsTheBusyTimeOfWorkAndAShareOfStolenTime() {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "no /proc/stat on this system");
        MachineCpu cpu = MachineCpu.start();
        long until = System.nanoTime() + 300_000_000L;
        long spins = 0;
        while (System.nanoTime() < until) {
            spins++;
        }

        assertThat(spins).isPositive();
        assertThat(cpu.busySeconds().orElseThrow()).isGreaterThanOrEqualTo(0.1);
        assertThat(cpu.stolenShare().orElseThrow()).isBetween(0.0, 1.0);
    }
}
