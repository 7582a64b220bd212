package dev.quintet.router.providers;

/**
 * What a provider does with the prompts and completions it is sent, as its terms state: whether it may train on
 * them, whether it keeps them after answering, and for how long (null: not stated). A provider whose policy is not
 * known is taken to keep and train on everything ({@link #UNKNOWN}), so a caller who asks for privacy is never
 * routed on a guess.
 *
 * @param stated whether the policy comes from the provider's terms (or the operator's config), not assumed
 */
public record DataPolicy(boolean stated, boolean training, boolean retainsPrompts, Integer retentionDays) {

    public static final DataPolicy UNKNOWN = new DataPolicy(false, true, true, null);

    public DataPolicy {
        if (training && !retainsPrompts) {
            throw new IllegalArgumentException("a provider that keeps no prompts cannot train on them");
        }
        if (retentionDays != null && (retentionDays < 0 || !retainsPrompts && retentionDays != 0)) {
            throw new IllegalArgumentException("retention_days must be >= 0, and 0 when prompts are not retained, got "
                    + retentionDays);
        }
    }

    /** Stated: does not train, keeps nothing after answering. */
    public static DataPolicy zeroRetention() {
        return new DataPolicy(true, false, false, null);
    }

    /** Stated: does not train, keeps prompts and completions for {@code days} (abuse monitoring, legal holds). */
    public static DataPolicy retainedFor(int days) {
        return new DataPolicy(true, false, true, days);
    }

    /** Stated: may train on what it is sent, and keeps it for a period its terms leave open. */
    public static DataPolicy mayTrain() {
        return new DataPolicy(true, true, true, null);
    }

    /** Why this policy fails {@code provider.data_collection: deny} or {@code provider.zdr}, for error messages. */
    public String describe() {
        String basis = stated ? "" : " (no stated policy, so assumed)";
        if (training) {
            return "may train on prompts" + basis;
        }
        if (!retainsPrompts) {
            return "keeps nothing";
        }
        return "keeps prompts" + (retentionDays == null ? "" : " for " + retentionDays + " days") + basis;
    }
}
