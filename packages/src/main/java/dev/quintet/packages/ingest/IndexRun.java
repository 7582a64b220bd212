package dev.quintet.packages.ingest;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.debian.BinaryPackage;
import dev.quintet.packages.registry.debian.DebianIndex;
import dev.quintet.packages.registry.debian.ReleaseFile;
import dev.quintet.packages.store.IndexedProjects;
import dev.quintet.packages.store.IndexedProjects.Latest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * One ingestion of a downloaded index, inside the caller's transaction: an {@link IndexReader} decompresses and reads
 * the file on another thread while this one writes its chunks; then the file's SHA256 and size are checked against
 * the Release file (a mismatch throws, so the transaction and everything written in it is rolled back), and what the
 * index no longer lists leaves its listing.
 */
final class IndexRun {

    private final List<DebianIndex> configured;
    private final DebianIndexes indexes;
    private final IndexWriter writer;
    private final IndexedProjects projects;
    private final Clock clock;

    IndexRun(List<DebianIndex> configured, DebianIndexes indexes, IndexWriter writer, IndexedProjects projects,
             Clock clock) {
        this.configured = configured;
        this.indexes = indexes;
        this.writer = writer;
        this.projects = projects;
        this.clock = clock;
    }

    IngestionOutcome ingest(DebianIndex index, ReleaseFile release, IndexFiles.Download download, long started) {
        Instant now = clock.instant();
        Map<String, Latest> latest = projects.latestReleases(Ecosystem.DEBIAN);
        List<Long> listedIds = new ArrayList<>();
        List<String> listedNumbers = new ArrayList<>();
        IndexReader reader = new IndexReader(download.body(), download.file(), index.architecture());
        IndexReader.Summary read;
        try (ExecutorService thread = Executors.newSingleThreadExecutor(
                Thread.ofPlatform().name("debian-index-reader").daemon().factory())) {
            reader.start(thread);
            try {
                for (List<BinaryPackage> chunk = reader.next(); !chunk.isEmpty(); chunk = reader.next()) {
                    listedIds.addAll(Arrays.asList(writer.write(index, chunk, release.date(), latest, now)));
                    chunk.forEach(p -> listedNumbers.add(p.version()));
                }
                read = reader.summary();
            } finally {
                reader.stop();
                close(download);
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? new UncheckedIOException("reading "
                    + index.releasePath(download.file()) + " failed: " + io.getMessage(), io)
                    : new IllegalStateException("reading " + index.releasePath(download.file()) + " failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while ingesting " + index, e);
        }
        verify(index, release, download, read);
        int removed = indexes.removeUnlisted(index, listedIds.toArray(Long[]::new), listedNumbers.toArray(String[]::new));
        indexes.forgetOtherThan(configured);
        indexes.markListedStatus(Ecosystem.DEBIAN.key(), now);
        indexes.recordIngested(index, download.file(), read.sha256(), download.validators(), release.date(),
                read.packages(), read.skipped(), now);
        return new IngestionOutcome(index, IngestionOutcome.Result.INGESTED, read.packages(), read.skipped(), removed,
                Duration.ofNanos(System.nanoTime() - started), String.join("; ", read.problems()));
    }

    private static void verify(DebianIndex index, ReleaseFile release, IndexFiles.Download download,
                               IndexReader.Summary read) {
        ReleaseFile.FileHash expected = download.expected();
        if (!expected.sha256().equals(read.sha256()) || expected.size() != read.size()) {
            throw new IndexRefused(index.releasePath(download.file()) + " as downloaded has SHA256 " + read.sha256()
                    + " (" + read.size() + " bytes), but the Release file of " + index.suite()
                    + (release.date() == null ? "" : " dated " + release.date()) + " lists " + expected.sha256() + " ("
                    + expected.size() + " bytes); the download was refused and nothing of it was stored");
        }
    }

    private static void close(IndexFiles.Download download) {
        try {
            download.body().close();
        } catch (IOException e) {
            throw new UncheckedIOException("closing the download of " + download.file() + " failed", e);
        }
    }
}
