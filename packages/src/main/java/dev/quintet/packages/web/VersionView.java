package dev.quintet.packages.web;

import dev.quintet.packages.store.StoredVersion;
import java.time.Instant;

/** One version of a project; {@code spdx_expression} is {@code NOASSERTION} when its licence text is not SPDX. */
record VersionView(String number, Instant publishedAt, String spdxExpression, String originalLicense, String status) {

    static VersionView of(StoredVersion v) {
        return new VersionView(v.number(), v.publishedAt(), v.spdxExpression(), v.originalLicense(), v.status());
    }
}
