import { describeBadInputSweep } from '../../test-support/bad-input';

describeBadInputSweep('shop-status');
