package dev.quintet.router.billing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CountableTextTest {

    @Test
    void countsThePiecesOfOneStreamedTextTogetherAndSeparateTextsApart() {
        CountableText streamed = new CountableText();
        streamed.append("Hel");
        streamed.append("lo");
        CountableText separate = new CountableText();
        separate.add("Hel");
        separate.add("lo");

        assertThat(streamed.tokens()).isEqualTo(1);
        assertThat(separate.tokens()).isEqualTo(2);
        assertThat(streamed.bytes()).isEqualTo(5);
    }

    @Test
    void countsTokensNotBytes() {
        CountableText english = new CountableText();
        english.add("The quick brown fox jumps over the lazy dog.");
        CountableText japanese = new CountableText();
        japanese.add("東京は日本の首都です。");

        assertThat(english.tokens()).isEqualTo(10);
        assertThat(japanese.bytes()).isEqualTo(33);
        assertThat(japanese.tokens()).isBetween(4L, 10L);
    }

    @Test
    void scalesTheCountUpFromThePartKeptWhenTheTextIsVeryLong() {
        CountableText text = new CountableText();
        String block = "word ".repeat(1_000);
        int blocks = CountableText.KEPT_CHARS / block.length() * 2;
        for (int i = 0; i < blocks; i++) {
            text.append(block);
        }
        CountableText one = new CountableText();
        one.add(block);
        long perBlock = one.tokens();

        assertThat(text.bytes()).isEqualTo((long) block.length() * blocks);
        assertThat(text.tokens()).isBetween(perBlock * blocks * 9 / 10, perBlock * blocks * 11 / 10);
    }

    @Test
    void countsNothingForNoText() {
        CountableText text = new CountableText();
        text.add(null);
        text.append("");

        assertThat(text.tokens()).isZero();
        assertThat(text.bytes()).isZero();
    }
}
