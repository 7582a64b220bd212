package dev.quintet.capture.web;

import dev.quintet.capture.files.CapturedFile;
import dev.quintet.capture.files.CapturedFiles;
import dev.quintet.platform.errors.ApiException;
import java.time.Clock;
import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/files/{id}}: a stored capture, without a key, so the URL can go into an {@code <img>} or a mail;
 * the id is the secret. Unknown and expired files are 404.
 */
@RestController
final class FilesController {

    private final CapturedFiles files;
    private final Clock clock;

    FilesController(CapturedFiles files, Clock clock) {
        this.files = files;
        this.clock = clock;
    }

    @GetMapping("/v1/files/{id}")
    ResponseEntity<byte[]> file(@PathVariable String id) {
        CapturedFile file = (id.matches("[0-9A-Za-z]{26}") ? files.find(id) : java.util.Optional.<CapturedFile>empty())
                .orElseThrow(() -> new ApiException(404, "file_not_found",
                        "no stored capture has this id, or it has expired"));
        Duration left = Duration.between(clock.instant(), file.expiresAt());
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(file.contentType()))
                .header(HttpHeaders.CONTENT_DISPOSITION, "inline; filename=\"capture." + file.format() + "\"")
                .cacheControl(CacheControl.maxAge(left.isNegative() ? Duration.ZERO : left).cachePrivate())
                .header("X-Remote-Status", String.valueOf(file.remoteStatus()))
                .body(file.body());
    }
}
