import { describeBadInputSweep } from '../../test-support/bad-input';

describeBadInputSweep('runs');
