"""A local Spark session for a test: no UI, every socket on 127.0.0.1, the
workers on this interpreter (so on this urikit build), quiet logs."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Iterator
from typing import Any

import pytest


@contextlib.contextmanager
def local_spark(app: str, cores: int = 1, config: dict[str, str] | None = None) -> Iterator[Any]:
    """A SparkSession on ``cores`` local cores with ``config`` set as well
    (``{"spark.sql.shuffle.partitions": "2"}``, ...); skips the test without pyspark
    or a Java runtime, and stops the session after."""
    sql = pytest.importorskip("pyspark.sql")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("no Java runtime for Spark")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SPARK_LOCAL_IP", "127.0.0.1")
        mp.setenv("PYSPARK_PYTHON", sys.executable)
        mp.setenv("PYSPARK_DRIVER_PYTHON", sys.executable)
        builder = (
            sql.SparkSession.builder.master(f"local[{cores}]")
            .appName(app)
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.log.level", "ERROR")
            .config("spark.ui.showConsoleProgress", "false")
        )
        for key, value in (config or {}).items():
            builder = builder.config(key, value)
        session = builder.getOrCreate()
        session.sparkContext.setLogLevel("ERROR")
        try:
            yield session
        finally:
            session.stop()
