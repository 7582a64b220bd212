package dev.quintet.platform.errors;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The container's error page: failures outside Spring MVC (filters, the connector) get the service's shape too. */
@RestController
public final class ErrorPageController implements ErrorController {

    private static final Logger log = LoggerFactory.getLogger(ErrorPageController.class);

    private final ErrorWriter writer;

    public ErrorPageController(ErrorWriter writer) {
        this.writer = writer;
    }

    @RequestMapping("/error")
    public void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object exception = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        String path = String.valueOf(request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI));
        ApiError error;
        if (exception instanceof Throwable t) {
            Throwable root = t instanceof jakarta.servlet.ServletException && t.getCause() != null ? t.getCause() : t;
            error = ApiErrors.from(root, request.getMethod(), path);
            if (error.status() >= 500) {
                log.error("Request {} {} failed", request.getMethod(), path, root);
            }
        } else if (status instanceof Integer code) {
            error = code == 404 ? ApiErrors.notFound(request.getMethod(), path) : ApiErrors.ofStatus(code);
        } else {
            error = ApiErrors.notFound(request.getMethod(), request.getRequestURI());
        }
        writer.write(request, response, error);
    }
}
