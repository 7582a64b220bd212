/**
 * The capture benchmarks: render latency, throughput and memory against a fresh-Chromium-per-capture baseline, and
 * extraction quality of our main-content extractor and Mozilla Readability scored on one page set.
 */
package dev.quintet.bench.capture;
