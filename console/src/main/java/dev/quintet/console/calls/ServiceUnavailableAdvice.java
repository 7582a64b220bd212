package dev.quintet.console.calls;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/** A page whose service did not answer says which one and where, with a 503. */
@ControllerAdvice
final class ServiceUnavailableAdvice {

    private static final Logger log = LoggerFactory.getLogger(ServiceUnavailableAdvice.class);

    @ExceptionHandler(ServiceUnavailable.class)
    ModelAndView unavailable(ServiceUnavailable e) {
        log.warn("Console page could not reach a service: {}", e.getMessage());
        ModelAndView page = new ModelAndView("service-unavailable", HttpStatus.SERVICE_UNAVAILABLE);
        page.addObject("service", e.service());
        page.addObject("problem", e.getMessage());
        return page;
    }
}
