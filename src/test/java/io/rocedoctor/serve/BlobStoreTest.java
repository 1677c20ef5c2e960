package io.rocedoctor.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stored files under retention and uploads of the same content at the same instant, on any
 * instance sharing the data folder: a bundle row committed in the database always keeps its file.
 */
class BlobStoreTest {
    @TempDir
    Path data;

    private static ByteArrayInputStream content(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private long filesIn(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.count();
        }
    }

    @Test
    void theSameContentTwiceIsStoredOnceAndTheSecondCopyIsRemovedOnceSettled() throws Exception {
        BlobStore blobs = new BlobStore(data);
        BlobStore.Received first = blobs.put(content("bundle"), 1 << 20);
        BlobStore.Received second = blobs.put(content("bundle"), 1 << 20);

        assertThat(second.blob()).isEqualTo(first.blob());
        assertThat(first.spare()).isNull();
        assertThat(second.spare()).isRegularFile();
        blobs.settle(second);
        assertThat(filesIn(data.resolve("incoming"))).isZero();
        assertThat(Files.readString(blobs.path(first.blob().sha256()))).isEqualTo("bundle");
    }

    @Test
    void anUploadWhoseStoredCopyRetentionRemovedBeforeItsRowCommittedPutsItsOwnCopyInPlace() throws Exception {
        BlobStore blobs = new BlobStore(data);
        String sha = blobs.put(content("bundle"), 1 << 20).blob().sha256();
        BlobStore.Received again = blobs.put(content("bundle"), 1 << 20);

        // Retention asks the database before this upload's row is committed: no row refers to the file.
        assertThat(blobs.expire(sha, unreferenced -> true)).isTrue();
        assertThat(blobs.path(sha)).doesNotExist();
        blobs.settle(again);

        assertThat(Files.readString(blobs.path(sha))).isEqualTo("bundle");
        assertThat(filesIn(data.resolve("incoming"))).isZero();
    }

    @Test
    void retentionGivesTheFileBackWhenAnUploadOfItsContentCommittedBeforeItsSecondLook() throws Exception {
        BlobStore blobs = new BlobStore(data);
        String sha = blobs.put(content("bundle"), 1 << 20).blob().sha256();

        assertThat(blobs.expire(sha, referencedAgain -> false)).isFalse();

        assertThat(Files.readString(blobs.path(sha))).isEqualTo("bundle");
        assertThat(filesIn(data.resolve("incoming"))).isZero();
    }

    @Test
    void retentionOfAFileAlreadyGoneRemovesNothing() throws Exception {
        BlobStore blobs = new BlobStore(data);
        String sha = blobs.put(content("bundle"), 1 << 20).blob().sha256();
        assertThat(blobs.expire(sha, unreferenced -> true)).isTrue();

        assertThat(blobs.expire(sha, unreferenced -> true)).isFalse();
    }
}
