package dev.quintet.capture.extract;

/**
 * Measures text for scoring and counting. Han, kana and Hangul characters each count as a word, since those
 * scripts do not separate words by spaces; for length a CJK character counts as much as three Latin letters.
 */
final class TextMeasure {

    private TextMeasure() {
    }

    static boolean isCjk(int c) {
        Character.UnicodeScript script = Character.UnicodeScript.of(c);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL;
    }

    /** Characters of text, whitespace excluded, CJK counted three times. */
    static int length(String text) {
        int length = 0;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (!Character.isWhitespace(c)) {
                length += isCjk(c) ? 3 : 1;
            }
        }
        return length;
    }

    /** Clause separators: commas and semicolons in any script, plus one. */
    static int clauses(String text) {
        int count = 1;
        for (int i = 0; i < text.length(); i++) {
            switch (text.charAt(i)) {
                case ',', ';', '，', '、', '；', '،', '؛' -> count++;
                default -> { }
            }
        }
        return count;
    }

    /** Words: runs of letters or digits, each CJK character one word. */
    static int words(String text) {
        int words = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (isCjk(c)) {
                words++;
                inWord = false;
            } else if (Character.isLetterOrDigit(c) || Character.getType(c) == Character.NON_SPACING_MARK
                    || c == '\'' && inWord) {
                if (!inWord) {
                    words++;
                }
                inWord = true;
            } else {
                inWord = false;
            }
        }
        return words;
    }
}
