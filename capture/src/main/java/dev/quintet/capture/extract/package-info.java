/** Content extraction from the rendered DOM: metadata, main text, links, images. */
package dev.quintet.capture.extract;
