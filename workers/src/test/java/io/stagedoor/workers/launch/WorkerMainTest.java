package io.stagedoor.workers.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WorkerMainTest {

    @Test
    void rolesAndNamespaceParseFromTheCommandLine() {
        assertThat(WorkerMain.parse(new String[] {"--roles", "inventory", "--namespace", "x"}).applicationId())
                .isEqualTo("x.stagedoor-inventory");
    }
}
