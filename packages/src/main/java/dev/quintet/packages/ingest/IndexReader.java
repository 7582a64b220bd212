package dev.quintet.packages.ingest;

import dev.quintet.packages.registry.debian.BinaryPackage;
import dev.quintet.packages.registry.debian.ControlParagraph;
import dev.quintet.packages.registry.debian.ControlParagraphs;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * Reads a downloaded {@code Packages} file on its own thread while the caller writes: decompresses it, reads its
 * paragraphs as binary packages (unusable ones and repeated package versions skipped and counted) and hands them over
 * in chunks, then reads the file to its end for its SHA256 and size.
 */
final class IndexReader implements Callable<IndexReader.Summary> {

    /** What was read: the file's SHA256 and size, how many packages were handed over and skipped, and why. */
    record Summary(String sha256, long size, int packages, int skipped, List<String> problems) {
    }

    private static final int CHUNK = 5_000;

    private final InputStream body;
    private final String file;
    private final String architecture;
    private final BlockingQueue<List<BinaryPackage>> chunks = new ArrayBlockingQueue<>(2);
    private Future<Summary> reading;

    IndexReader(InputStream body, String file, String architecture) {
        this.body = body;
        this.file = file;
        this.architecture = architecture;
    }

    /** Starts reading on a thread of the executor. */
    void start(ExecutorService executor) {
        reading = executor.submit(this);
    }

    /** The next chunk of packages; empty once the reader has finished, whether it succeeded or failed. */
    List<BinaryPackage> next() throws InterruptedException {
        while (true) {
            List<BinaryPackage> chunk = chunks.poll(100, TimeUnit.MILLISECONDS);
            if (chunk != null) {
                return chunk;
            }
            if (reading.isDone() && chunks.isEmpty()) {
                return List.of();
            }
        }
    }

    /** What was read, once {@link #next()} has come to the end; the reader's failure, if it failed. */
    Summary summary() throws ExecutionException, InterruptedException {
        return reading.get();
    }

    /** Stops reading (the writer failed). */
    void stop() {
        reading.cancel(true);
    }

    @Override
    public Summary call() throws IOException, InterruptedException {
        HashingInputStream hashing = new HashingInputStream(body);
        ControlParagraphs paragraphs = new ControlParagraphs(new BufferedReader(new InputStreamReader(
                decompressed(hashing), StandardCharsets.UTF_8), 1 << 16));
        Set<String> seen = new HashSet<>();
        List<BinaryPackage> chunk = new ArrayList<>(CHUNK);
        int packages = 0;
        for (ControlParagraph paragraph = paragraphs.next(); paragraph != null; paragraph = paragraphs.next()) {
            BinaryPackage p = binaryPackage(paragraph, paragraphs);
            if (p == null) {
                continue;
            }
            if (!seen.add(p.name() + " " + p.version())) {
                paragraphs.skip("paragraph at line " + paragraph.line() + " lists " + p.name() + " " + p.version()
                        + " a second time");
                continue;
            }
            chunk.add(p);
            packages++;
            if (chunk.size() == CHUNK) {
                chunks.put(List.copyOf(chunk));
                chunk.clear();
            }
        }
        if (!chunk.isEmpty()) {
            chunks.put(List.copyOf(chunk));
        }
        hashing.drain();
        return new Summary(hashing.sha256(), hashing.count(), packages, paragraphs.skipped(), paragraphs.problems());
    }

    private BinaryPackage binaryPackage(ControlParagraph paragraph, ControlParagraphs paragraphs) {
        try {
            return BinaryPackage.of(paragraph, architecture);
        } catch (IllegalArgumentException e) {
            paragraphs.skip(e.getMessage());
            return null;
        }
    }

    private InputStream decompressed(InputStream raw) throws IOException {
        return file.endsWith(".xz") ? new XZInputStream(new BufferedInputStream(raw, 1 << 16))
                : new GZIPInputStream(raw, 1 << 16);
    }
}
