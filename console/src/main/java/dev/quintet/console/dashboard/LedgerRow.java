package dev.quintet.console.dashboard;

import dev.quintet.console.web.Money;
import dev.quintet.platform.credits.Credits;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** One credit ledger entry as the dashboard lists it. */
record LedgerRow(String when, String amount, boolean charge, String reason) {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    static LedgerRow of(Credits.Entry entry) {
        return new LedgerRow(WHEN.format(entry.createdAt()), Money.signed(entry.amountUsd()),
                entry.amountUsd().signum() < 0, entry.reason());
    }
}
