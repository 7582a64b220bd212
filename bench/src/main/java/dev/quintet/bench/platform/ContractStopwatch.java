package dev.quintet.bench.platform;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Times, inside the server, what runs between two marks placed around the key-and-quota filter: {@link #start()}
 * just before it and {@link #end()} just after it. On the public endpoint the filter steps aside, so the difference
 * of the two endpoints' times is what the contract itself costs a request, free of the client and of scheduling.
 */
final class ContractStopwatch {

    private static final String STARTED = ContractStopwatch.class.getName() + ".started";

    private final AtomicLongArray samples = new AtomicLongArray(1 << 21);
    private final AtomicInteger count = new AtomicInteger();

    OncePerRequestFilter start() {
        return new OncePerRequestFilter() {
            @Override
            protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                    throws ServletException, IOException {
                request.setAttribute(STARTED, System.nanoTime());
                chain.doFilter(request, response);
            }
        };
    }

    OncePerRequestFilter end() {
        return new OncePerRequestFilter() {
            @Override
            protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                    throws ServletException, IOException {
                if (request.getAttribute(STARTED) instanceof Long started) {
                    int i = count.getAndIncrement();
                    if (i < samples.length()) {
                        samples.set(i, System.nanoTime() - started);
                    }
                }
                chain.doFilter(request, response);
            }
        };
    }

    /** The times recorded since the last call, sorted, in nanoseconds; recording starts afresh. */
    long[] drain() {
        int n = Math.min(count.getAndSet(0), samples.length());
        long[] taken = new long[n];
        for (int i = 0; i < n; i++) {
            taken[i] = samples.get(i);
        }
        Arrays.sort(taken);
        return taken;
    }
}
