package dev.quintet.capture.extract;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/** A response body read into memory up to a limit; past it the download is cancelled. */
final class LimitedBody implements HttpResponse.BodySubscriber<byte[]> {

    /** Thrown (as the cause) when the body is longer than the limit. */
    static final class TooLarge extends RuntimeException {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    private final long limit;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    private LimitedBody(long limit) {
        this.limit = limit;
    }

    /** Reads at most {@code limit} bytes. */
    static LimitedBody upTo(long limit) {
        return new LimitedBody(limit);
    }

    /** Reads nothing: the body is not wanted and the download stops at once. */
    static LimitedBody none() {
        return new LimitedBody(-1);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (limit < 0) {
            s.cancel();
            result.complete(null);
        } else {
            s.request(Long.MAX_VALUE);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        for (ByteBuffer item : items) {
            if (result.isDone()) {
                return;
            }
            if (bytes.size() + (long) item.remaining() > limit) {
                subscription.cancel();
                result.completeExceptionally(new TooLarge());
                return;
            }
            byte[] chunk = new byte[item.remaining()];
            item.get(chunk);
            bytes.writeBytes(chunk);
        }
    }

    @Override
    public void onError(Throwable error) {
        result.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        result.complete(limit < 0 ? null : bytes.toByteArray());
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }
}
