package dev.quintet.console.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.RequestMapping;

/** The container's error page, always as an HTML page in the console's look, never with internals. */
@Controller
final class ConsoleErrorController implements ErrorController {

    @RequestMapping("/error")
    String error(HttpServletRequest request, HttpServletResponse response, Model model) {
        int status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof Integer code ? code : 404;
        response.setStatus(status);
        model.addAttribute("status", status);
        if (status == 404 || status == 403) {
            return "error/" + status;
        }
        return status < 500 ? "error/4xx" : "error/5xx";
    }
}
