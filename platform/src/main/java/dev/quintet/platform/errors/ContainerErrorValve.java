package dev.quintet.platform.errors;

import dev.quintet.platform.web.RequestIds;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat's own error report, for requests it refuses before any application code runs (a path with a broken
 * percent-escape, a method with characters a method cannot have, header fields over the size limit), written in the
 * service's error shape instead of Tomcat's HTML page. Errors the application sees are rendered by {@link
 * ErrorPageController} and never reach this valve with nothing written.
 */
public final class ContainerErrorValve extends ErrorReportValve {

    private static final ApiError UNPARSABLE = new ApiError(400, "bad_request", "the request could not be parsed;"
            + " check its method, its path and query (broken percent-escapes, characters that must be escaped) and"
            + " the size of its header fields (8 KB in all)", null, null);

    private final ErrorWriter writer;

    public ContainerErrorValve(ErrorWriter writer) {
        this.writer = writer;
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        try {
            response.setHeader(RequestIds.HEADER, RequestIds.of(request));
            writer.write(request, response, status == 400 ? UNPARSABLE : ApiErrors.ofStatus(status));
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response cannot take a body; Tomcat ends it as it is
        }
    }
}
