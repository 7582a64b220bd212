package dev.quintet.bench.capture;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scores an extracted text against the expected main text with word 4-gram shingles: precision is the share of
 * the extraction's shingles that are expected, recall the share of expected shingles extracted. Tokens are runs of
 * letters, digits and marks ({@code \w+} in Unicode), lower-cased; Han, kana and Hangul characters are one token
 * each, because those scripts do not put spaces between words. A text with fewer than four tokens is one shingle.
 */
public final class ShingleScorer {

    static final int SIZE = 4;
    private static final Pattern TOKEN = Pattern.compile(
            "[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}]|[\\w&&[^\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}"
                    + "\\p{IsHangul}]]+", Pattern.UNICODE_CHARACTER_CLASS);

    private ShingleScorer() {
    }

    /**
     * Precision, recall and F1 of one page.
     *
     * @param precision expected shingles found / shingles extracted (0 when nothing was extracted)
     * @param recall expected shingles found / expected shingles
     * @param f1 their harmonic mean
     */
    public record Score(double precision, double recall, double f1) {

        static Score of(double precision, double recall) {
            double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
            return new Score(precision, recall, f1);
        }
    }

    public static Score score(String expected, String extracted) {
        Set<String> want = shingles(expected);
        Set<String> got = shingles(extracted == null ? "" : extracted);
        if (want.isEmpty()) {
            return got.isEmpty() ? Score.of(1, 1) : Score.of(0, 1);
        }
        if (got.isEmpty()) {
            return Score.of(0, 0);
        }
        Set<String> common = new HashSet<>(got);
        common.retainAll(want);
        return Score.of((double) common.size() / got.size(), (double) common.size() / want.size());
    }

    static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            tokens.add(m.group().toLowerCase(Locale.ROOT));
        }
        return tokens;
    }

    static Set<String> shingles(String text) {
        List<String> tokens = tokens(text);
        Set<String> shingles = new HashSet<>();
        if (tokens.isEmpty()) {
            return shingles;
        }
        if (tokens.size() < SIZE) {
            shingles.add(String.join(" ", tokens));
            return shingles;
        }
        for (int i = 0; i + SIZE <= tokens.size(); i++) {
            shingles.add(String.join(" ", tokens.subList(i, i + SIZE)));
        }
        return shingles;
    }
}
