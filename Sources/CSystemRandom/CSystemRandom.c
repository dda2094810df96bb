#include "CSystemRandom.h"
#include <errno.h>
#include <sys/random.h>

int tablestack_random_bytes(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    size_t done = 0;
    // A request over 256 bytes may be cut short by a signal: ask again for the rest.
    while (done < count) {
        ssize_t got = getrandom(bytes + done, count - done, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        done += (size_t)got;
    }
    return 0;
}
