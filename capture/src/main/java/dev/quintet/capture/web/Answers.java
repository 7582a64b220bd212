package dev.quintet.capture.web;

import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** Builds binary answers with their content type and a file name, and JSON answers. */
final class Answers {

    static final List<String> RESPONSE_TYPES = List.of("binary", "json");

    private Answers() {
    }

    /** The file itself; {@code X-Cache} says whether it came from the cache. */
    static ResponseEntity<Object> binary(byte[] bytes, String mediaType, String fileName, int remoteStatus,
                                         boolean cached) {
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(mediaType))
                .header(HttpHeaders.CONTENT_DISPOSITION, "inline; filename=\"" + fileName + "\"")
                .header("X-Remote-Status", String.valueOf(remoteStatus))
                .header("X-Cache", cached ? "HIT" : "MISS")
                .cacheControl(org.springframework.http.CacheControl.noStore())
                .body(bytes);
    }

    static ResponseEntity<Object> json(Object body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .cacheControl(org.springframework.http.CacheControl.noStore()).body(body);
    }
}
