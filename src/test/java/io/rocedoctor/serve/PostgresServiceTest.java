package io.rocedoctor.serve;

/** The service's API on PostgreSQL: the cluster .ci/run starts, named by ROCE_DOCTOR_TEST_PG_URL (skipped without it). */
class PostgresServiceTest extends ServiceApiContract {
    @Override
    ServeHarness.Db db() {
        return ServeHarness.Db.POSTGRESQL;
    }
}
