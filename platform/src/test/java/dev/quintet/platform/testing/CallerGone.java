package dev.quintet.platform.testing;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import org.springframework.mock.web.MockHttpServletResponse;

/** A servlet response whose caller has gone away: every write to it fails as a broken connection does. */
public final class CallerGone {

    private CallerGone() {
    }

    public static MockHttpServletResponse response() {
        return new MockHttpServletResponse() {
            @Override
            public ServletOutputStream getOutputStream() {
                return new BrokenOutput();
            }
        };
    }

    private static final class BrokenOutput extends ServletOutputStream {
        @Override
        public void write(int b) throws IOException {
            throw new IOException("Broken pipe");
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            throw new IOException("Broken pipe");
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
        }
    }
}
