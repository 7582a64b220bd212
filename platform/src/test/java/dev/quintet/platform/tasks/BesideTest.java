package dev.quintet.platform.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BesideTest {

    @Test
    void runsOnItsOwnVirtualThreadWhileTheCallerGoesOn() throws InterruptedException {
        CountDownLatch callerWentOn = new CountDownLatch(1);
        Beside<String> beside = Beside.start("beside-test", () -> {
            boolean released = callerWentOn.await(10, TimeUnit.SECONDS);
            Thread self = Thread.currentThread();
            return released + " " + self.isVirtual() + " " + self.getName();
        });
        callerWentOn.countDown();
        assertThat(beside.get()).isEqualTo("true true beside-test");
    }

    @Test
    void throwsAnUncheckedFailureAsItWas() {
        IllegalArgumentException failure = new IllegalArgumentException("bad");
        Beside<Object> beside = Beside.start("beside-test", () -> {
            throw failure;
        });
        assertThatThrownBy(beside::get).isSameAs(failure);
    }

    @Test
    void wrapsACheckedFailure() {
        Beside<Object> beside = Beside.start("beside-test", () -> {
            throw new IOException("closed");
        });
        assertThatThrownBy(beside::get).isInstanceOf(IllegalStateException.class).hasCauseInstanceOf(IOException.class);
    }
}
